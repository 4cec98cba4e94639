import { OrphanVisit } from '../analytics/orphan-visit.entity';
import { VisitRollup } from '../analytics/visit-rollup.entity';
import { VisitEvent } from '../analytics/visit-event.entity';
import { Visit } from '../analytics/visit.entity';
import { VisitorDay } from '../analytics/visitor-day.entity';
import { Account } from '../auth/account.entity';
import { ApiToken } from '../auth/api-token.entity';
import { Plan } from '../auth/plan.entity';
import { CustomDomain } from '../domains/custom/custom-domain.entity';
import { Domain } from '../domains/domain.entity';
import { Setting } from './setting.entity';
import { BioPage } from '../bio/bio-page.entity';
import { UploadSession } from '../files/large/upload-session.entity';
import { UsageCounter } from '../usage/usage-counter.entity';
import { StoredFile } from '../files/file.entity';
import { Link } from '../links/link.entity';
import { WebSession } from '../auth/sessions/web-session.entity';
import { AbuseReport } from '../admin/abuse-report.entity';
import { Tag } from '../tags/tag.entity';
import { Text } from '../texts/text.entity';

export const ENTITIES = [
  Plan,
  Account,
  ApiToken,
  Domain,
  Link,
  Tag,
  Text,
  StoredFile,
  Visit,
  VisitRollup,
  VisitorDay,
  OrphanVisit,
  VisitEvent,
  CustomDomain,
  Setting,
  UsageCounter,
  BioPage,
  UploadSession,
  WebSession,
  AbuseReport,
];
