import { ImportKind, ImportRecord } from '../import-record';
import { parseKutt } from './kutt';
import { parsePlainCsv } from './plain-csv';
import { parseShlink } from './shlink';
import { parseYourls } from './yourls';

export const PARSERS: Record<ImportKind, (text: string) => ImportRecord[]> = {
  yourls: parseYourls,
  shlink: parseShlink,
  kutt: parseKutt,
  csv: parsePlainCsv,
};
