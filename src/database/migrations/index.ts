import { Init1763700000000 } from './1763700000000-Init';
import { Links1763700100000 } from './1763700100000-Links';
import { Texts1763700200000 } from './1763700200000-Texts';
import { Files1763700300000 } from './1763700300000-Files';
import { Hardening1763700400000 } from './1763700400000-Hardening';
import { Visits1763700500000 } from './1763700500000-Visits';
import { VisitRollups1763700600000 } from './1763700600000-VisitRollups';
import { CustomDomains1763700700000 } from './1763700700000-CustomDomains';
import { TokenExpiry1763700800000 } from './1763700800000-TokenExpiry';
import { Settings1763700900000 } from './1763700900000-Settings';
import { SeeParity1763701000000 } from './1763701000000-SeeParity';
import { LargeUploads1763701100000 } from './1763701100000-LargeUploads';
import { SharedBytes1763701200000 } from './1763701200000-SharedBytes';
import { StoredOnce1763701300000 } from './1763701300000-StoredOnce';
import { WebSessions1763701400000 } from './1763701400000-WebSessions';
import { Moderation1763701500000 } from './1763701500000-Moderation';
import { ClusteredVisitors1763701600000 } from './1763701600000-ClusteredVisitors';
import { ReportSenders1763701700000 } from './1763701700000-ReportSenders';
import { ShareTombstones1763701800000 } from './1763701800000-ShareTombstones';
import { Media1763701900000 } from './1763701900000-Media';
import { Unfurl1763702000000 } from './1763702000000-Unfurl';
import { Bundles1763702100000 } from './1763702100000-Bundles';
import { TokenScopes1763702200000 } from './1763702200000-TokenScopes';
import { TwoFactor1763702300000 } from './1763702300000-TwoFactor';
import { SecurityLog1763702400000 } from './1763702400000-SecurityLog';
import { Invites1763702500000 } from './1763702500000-Invites';
import { EmailTokens1763702600000 } from './1763702600000-EmailTokens';
import { OidcIdentities1763702700000 } from './1763702700000-OidcIdentities';
import { Events1763702900000 } from './1763702900000-Events';
import { LinkRules1763703000000 } from './1763703000000-LinkRules';
import { AccountRollups1763703100000 } from './1763703100000-AccountRollups';
import { LinkSearch1763703200000 } from './1763703200000-LinkSearch';
import { AccountSearchWords1763703300000 } from './1763703300000-AccountSearchWords';
import { VisitorKeys1763703400000 } from './1763703400000-VisitorKeys';
import { KindIndexes1763703500000 } from './1763703500000-KindIndexes';
import { AccountClicks1763703600000 } from './1763703600000-AccountClicks';
import { DaysMark1763703700000 } from './1763703700000-DaysMark';
import { Passkeys1763702800000 } from './1763702800000-Passkeys';

/** Every migration, oldest first; run at start and by `npm run migration:run`. */
export const MIGRATIONS = [
  Init1763700000000,
  Links1763700100000,
  Texts1763700200000,
  Files1763700300000,
  Hardening1763700400000,
  Visits1763700500000,
  VisitRollups1763700600000,
  CustomDomains1763700700000,
  TokenExpiry1763700800000,
  Settings1763700900000,
  SeeParity1763701000000,
  LargeUploads1763701100000,
  SharedBytes1763701200000,
  StoredOnce1763701300000,
  WebSessions1763701400000,
  Moderation1763701500000,
  ClusteredVisitors1763701600000,
  ReportSenders1763701700000,
  ShareTombstones1763701800000,
  Media1763701900000,
  Unfurl1763702000000,
  Bundles1763702100000,
  TokenScopes1763702200000,
  TwoFactor1763702300000,
  SecurityLog1763702400000,
  Invites1763702500000,
  EmailTokens1763702600000,
  OidcIdentities1763702700000,
  Passkeys1763702800000,
  Events1763702900000,
  LinkRules1763703000000,
  AccountRollups1763703100000,
  LinkSearch1763703200000,
  AccountSearchWords1763703300000,
  VisitorKeys1763703400000,
  KindIndexes1763703500000,
  AccountClicks1763703600000,
  DaysMark1763703700000,
];
