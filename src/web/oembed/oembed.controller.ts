import { Controller, Get, Query } from '@nestjs/common';
import {
  ApiOkResponse,
  ApiOperation,
  ApiProperty,
  ApiPropertyOptional,
  ApiTags,
} from '@nestjs/swagger';
import { IsIn, IsInt, IsString, Max, MaxLength, Min } from 'class-validator';
import { DomainError } from '../../common/errors/domain-error';
import { Public } from '../../common/decorators/public.decorator';
import { RawResponse } from '../../common/decorators/raw-response.decorator';
import { ToInt } from '../../common/pipes/query-transforms';
import { IsAbsentOr } from '../../common/validators/is-absent-or';
import { OEmbed, OEmbedService } from './oembed.service';

class OEmbedQuery {
  @ApiProperty({ description: 'The address of one of our shares' })
  @IsString()
  @MaxLength(2048)
  url!: string;
  @ApiPropertyOptional({ enum: ['json', 'xml'], description: 'json only (xml is answered 501)' })
  @IsAbsentOr()
  @IsIn(['json', 'xml'], { message: 'format must be json' })
  format?: string;
  @ApiPropertyOptional() @ToInt() @IsAbsentOr() @IsInt() @Min(16) @Max(4096) maxwidth?: number;
  @ApiPropertyOptional() @ToInt() @IsAbsentOr() @IsInt() @Min(16) @Max(4096) maxheight?: number;
}

/** `GET /api/oembed`: the oEmbed 1.0 endpoint of every share page (announced in its head). */
@ApiTags('oEmbed')
@Public()
@RawResponse()
@Controller('api/oembed')
export class OEmbedController {
  constructor(private readonly oembed: OEmbedService) {}

  @Get()
  @ApiOkResponse({ type: OEmbed, description: 'The oEmbed answer, as it is (no envelope)' })
  @ApiOperation({
    summary: 'oEmbed 1.0 of a share: photo, video, rich (a text) or link',
    description:
      'A share that must not show itself (password, read once, private, unfurl false) is 404.',
  })
  get(@Query() q: OEmbedQuery): Promise<OEmbed> {
    if (q.format === 'xml') {
      throw new DomainError(501, 'not_implemented', 'Only format=json is offered');
    }
    return this.oembed.answer(q.url, q.maxwidth, q.maxheight);
  }
}
