/** Now, injectable so tests can move time past expiries without waiting. */
export type Clock = () => Date;
export const systemClock: Clock = () => new Date();
