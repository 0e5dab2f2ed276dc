import { ensureOwner } from '#server/features/auth/auth.service.ts';
import { getPortfolioOwner } from '#server/features/owner/owner.service.ts';
import { seedDemoContent, SiteNotEmptyError } from '#server/features/photos/seed.service.ts';
import { readArgs, textOf, type CliCommand } from './command.ts';
import { progressBar } from './terminal.ts';

export const seedCommand: CliCommand = {
  async run(ctx, args) {
    const { values } = readArgs(args, { photos: 'string' });
    const photos = values.photos === undefined ? 24 : Number(textOf(values.photos));
    if (!Number.isInteger(photos) || photos < 0 || photos > 10_000) {
      process.stderr.write('--photos takes a whole number from 0 to 10000.\n');
      return 2;
    }
    const created = await ensureOwner(ctx, ctx.config.owner);
    if (created?.generatedPassword) {
      process.stdout.write(`Created the owner "${created.username}" with the password: ${created.generatedPassword}\n`);
    }
    const owner = await getPortfolioOwner(ctx);
    try {
      const summary = await seedDemoContent(ctx, owner.id, { photos, onProgress: progressBar('Photos') });
      process.stdout.write(
        `Seeded ${summary.categories} categories, ${summary.photos} photos and the release "${summary.release}".\n`,
      );
      return 0;
    } catch (error) {
      if (error instanceof SiteNotEmptyError) {
        process.stderr.write(`${error.message}\n`);
        return 1;
      }
      throw error;
    }
  },
};
