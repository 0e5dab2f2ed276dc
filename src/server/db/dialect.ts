/** The two databases the site runs on; migrations and a few queries differ between them. */
export type Dialect = 'sqlite' | 'postgres';
