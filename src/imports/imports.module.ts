import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module';
import { DomainsModule } from '../domains/domains.module';
import { LinksModule } from '../links/links.module';
import { TagsModule } from '../tags/tags.module';
import { Importer } from './importer';
import { ImportsRepository } from './imports.repository';

/** Links from YOURLS, Shlink, Kutt or a CSV file, for the CLI's `import`. */
@Module({
  imports: [AuthModule, DomainsModule, LinksModule, TagsModule],
  providers: [Importer, ImportsRepository],
  exports: [Importer],
})
export class ImportsModule {}
