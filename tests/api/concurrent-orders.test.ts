import { afterEach, describe, expect, it } from 'vitest';
import { jpeg } from '#tests/fixtures/images.ts';
import { postPhotos } from '#tests/fixtures/photos.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

let t: TestApp;
afterEach(async () => {
  await t?.close();
});

describe('uploads at the same time', () => {
  // On PostgreSQL two uploads read the same last order and both took the next one (found by
  // tests/api/crash-safety.test.ts): appends to the photo bank now wait for each other.
  it('give every photo an order of its own in the photo bank', async () => {
    t = await createTestApp();
    const cookie = await t.signIn();
    const data = await jpeg({ width: 64, height: 48 });
    for (let round = 0; round < 4; round += 1) {
      const uploads = Array.from({ length: 6 }, (_, index) => postPhotos(t, cookie, [{ name: `${round}-${index}.jpg`, data }]));
      for (const response of await Promise.all(uploads)) expect(response.statusCode).toBe(201);
    }
    const orders = (await t.database.db.selectFrom('photos').select('sortOrder').execute()).map((row) => row.sortOrder);
    expect(orders).toHaveLength(24);
    expect(new Set(orders).size, `orders: ${orders.join(',')}`).toBe(24);
  });
});
