/** What the guard puts on the request for the handlers. */
export interface AuthenticatedAccount {
  id: number;
  email: string;
  planId: number;
  maxFileBytes: number;
  storageQuotaBytes: number;
  tokenId: number;
}
