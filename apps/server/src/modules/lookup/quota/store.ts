// What every quota store answers (decision 011): one file per store beside this one.

export interface QuotaClient {
  /** `user:<id>` or `ip:<address>`. */
  key: string;
  limit: number;
}

export interface QuotaState {
  remainingCount: number;
  refreshAt: Date;
}

/** Where a node counts lookups; every kind answers the same for the same history of spends. */
export interface QuotaStore {
  /** Spends one request; `allowed` is false (and nothing is counted) when the day's quota is used up. */
  spend(client: QuotaClient, now: Date): Promise<QuotaState & { allowed: boolean }>;
  /** The client's quota without spending any. */
  read(client: QuotaClient, now: Date): Promise<QuotaState>;
  /** Writes what is not yet written (the in-process store) and lets go of the store. */
  close(): Promise<void>;
}
