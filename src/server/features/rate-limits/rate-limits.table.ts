export interface RateLimitTable {
  key: string;
  hits: number;
  resetAt: string;
}
