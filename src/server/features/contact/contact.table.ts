import type { Generated, Insertable, Selectable } from 'kysely';

export interface ContactMessageTable {
  id: Generated<number>;
  userId: number;
  name: string;
  email: string;
  message: string;
  createdAt: string;
  readAt: string | null;
}
export type ContactMessageRow = Selectable<ContactMessageTable>;
export type NewContactMessageRow = Insertable<ContactMessageTable>;
