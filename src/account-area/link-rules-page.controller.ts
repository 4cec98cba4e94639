import { Controller, Param, ParseIntPipe, Post, Res } from '@nestjs/common';
import type { Response } from 'express';
import { LinkRoutingService } from '../links/rules/link-routing.service';
import { AccountArea } from './account-area.decorator';
import { CurrentViewer } from './current-session.decorator';
import { conditionsOf, NewRuleForm } from './forms/link-routing.forms';
import { PageForm } from './forms/page-query.decorator';
import { LinkEditView } from './link-edit.view';
import type { Viewer } from './pages';

/** A link's redirect rules from its edit page: add one at the end, delete one, move one up. */
@AccountArea()
@Controller('account/links/:id/rules')
export class LinkRulesPageController {
  constructor(
    private readonly view: LinkEditView,
    private readonly routing: LinkRoutingService,
  ) {}

  @Post()
  async add(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @PageForm(NewRuleForm) form: NewRuleForm,
    @Res() res: Response,
  ): Promise<void> {
    await this.view.apply(viewer, res, id, () =>
      this.change(viewer, id, (rules) => [
        ...rules,
        { conditions: conditionsOf(form), target_url: form.target_url },
      ]),
    );
  }

  @Post(':n/delete')
  async delete(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Param('n', ParseIntPipe) n: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.view.apply(viewer, res, id, () =>
      this.change(viewer, id, (rules) => rules.filter((_, i) => i !== n - 1)),
    );
  }

  /** Rule `n` (1 for the first) goes before the one above it. */
  @Post(':n/up')
  async up(
    @CurrentViewer() viewer: Viewer,
    @Param('id', ParseIntPipe) id: number,
    @Param('n', ParseIntPipe) n: number,
    @Res() res: Response,
  ): Promise<void> {
    await this.view.apply(viewer, res, id, () =>
      this.change(viewer, id, (rules) =>
        n < 2 || n > rules.length
          ? rules
          : [...rules.slice(0, n - 2), rules[n - 1], rules[n - 2], ...rules.slice(n)],
      ),
    );
  }

  private async change(viewer: Viewer, id: number, edit: (rules: unknown[]) => unknown[]) {
    const accountId = viewer.account!.id;
    const { rules } = await this.routing.rules(accountId, id);
    await this.routing.setRules(accountId, id, edit(rules));
  }
}
