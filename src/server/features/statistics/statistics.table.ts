/** The day's salt of the visitor hash (UTC day, YYYY-MM-DD); forgotten the next day. */
export interface StatisticsSaltTable {
  day: string;
  salt: string;
}

/** Today's visitors, each a salted hash of address and user agent; rolled up at the day's end. */
export interface StatisticsVisitorTable {
  day: string;
  visitor: string;
}

export type StatisticsKind = 'page' | 'photo' | 'viewer' | 'release' | 'stream' | 'referrer' | 'visitors';

/** Daily counts: page views per path, photo views, viewer and release opens, clicks, referrers, visitors. */
export interface StatisticsDailyTable {
  day: string;
  kind: StatisticsKind;
  subject: string;
  count: number;
}
