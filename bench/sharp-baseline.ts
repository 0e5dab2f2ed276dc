import path from 'node:path';
import sharp from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { DISPLAY_MAX_SIDE, THUMBNAIL_SIDE, VARIANT_WIDTHS } from '#contract/image-sizes.ts';
import { sourceColourOf } from '#server/images/colour.ts';

/**
 * The uploads' baseline: the plainest sharp script that makes what an upload makes (the display
 * JPEG within 2560 px, the WebP widths below it, the 400 px thumbnail cropped where the attention
 * is, the ThumbHash placeholder), with no HTTP, no database and no temp files. Same settings as
 * src/server/images/image-pipeline.ts, written the way sharp's documentation shows: one input,
 * cloned per output. Colour as the pipeline keeps it: a wide-gamut source written in Display P3
 * (16-bit pipeline, sharp's P3 profile), an Ultra HDR source's display JPEG with its gain map.
 */

async function renderOne(file: string, outDir: string, index: number): Promise<void> {
  const metadata = await sharp(file).metadata();
  const { width = 0, height = 0 } = metadata;
  const colour = sourceColourOf(metadata);
  const source = colour.wideGamut ? sharp(file).rotate().pipelineColourspace('rgb16').withIccProfile('p3') : sharp(file).rotate();
  // The bench's files are upright: no rotation, which sharp 0.35.5 cannot combine with keepGainMap.
  const display = colour.gainMap ? sharp(file).keepGainMap() : source.clone();
  const displayWidth = Math.min(width, Math.round(width * Math.min(1, DISPLAY_MAX_SIDE / Math.max(width, height))));
  const out = (name: string) => path.join(outDir, `${index}-${name}`);
  await Promise.all([
    display
      .resize({ width: DISPLAY_MAX_SIDE, height: DISPLAY_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 82, progressive: true })
      .toFile(out('display.jpg')),
    ...VARIANT_WIDTHS.filter((variant) => variant < displayWidth).map((variant) =>
      source.clone().resize({ width: variant }).webp({ quality: 78 }).toFile(out(`w${variant}.webp`)),
    ),
    source
      .clone()
      .resize(THUMBNAIL_SIDE, THUMBNAIL_SIDE, { fit: 'cover', position: sharp.strategy.attention })
      .webp({ quality: 80 })
      .toFile(out('thumb.webp')),
    (colour.wideGamut ? sharp(file).rotate() : source.clone()) // the placeholder is sRGB
      .resize(100, 100, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true })
      .then(({ data, info }) => rgbaToThumbHash(info.width, info.height, data)),
  ]);
}

/** Renders every file, `concurrency` at a time (as the server's IMAGE_CONCURRENCY); photos per second. */
export async function sharpBaseline(files: string[], outDir: string, concurrency: number): Promise<number> {
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < files.length) {
        const index = next;
        next += 1;
        await renderOne(files[index]!, outDir, index);
      }
    }),
  );
  return files.length / ((performance.now() - started) / 1000);
}
