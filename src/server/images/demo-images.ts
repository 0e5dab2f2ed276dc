import sharp from 'sharp';

/** Small, seeded PRNG (mulberry32): the same index draws the same picture on every machine. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}

/** Landscape, portrait and square frames, as a camera roll would mix them. */
const FRAMES: Array<[number, number]> = [
  [2400, 1600],
  [2000, 1500],
  [1600, 2400],
  [1920, 1080],
  [1800, 1800],
  [1500, 2000],
  [2400, 1350],
];

const hsl = (hue: number, saturation: number, lightness: number) =>
  `hsl(${Math.round(hue) % 360},${Math.round(saturation)}%,${Math.round(lightness)}%)`;

/** A sky, hills and a sun or moon, in colours and a frame chosen by `index`. */
function sceneSvg(index: number, width: number, height: number): string {
  const next = random(index * 7919 + 17);
  const hue = next() * 360;
  const sky = [hsl(hue, 60, 25 + next() * 20), hsl(hue + 40 + next() * 60, 70, 60 + next() * 20)];
  const horizon = height * (0.5 + next() * 0.25);
  const hills = [0, 1, 2].map((layer) => {
    const points = [`0,${height}`];
    const steps = 6 + Math.floor(next() * 6);
    for (let step = 0; step <= steps; step += 1) {
      const y = horizon + layer * height * 0.08 - next() * height * 0.18;
      points.push(`${Math.round((width * step) / steps)},${Math.round(y)}`);
    }
    points.push(`${width},${height}`);
    return `<polygon points="${points.join(' ')}" fill="${hsl(hue + 180 + layer * 15, 35, 30 - layer * 8)}"/>`;
  });
  const radius = Math.min(width, height) * (0.06 + next() * 0.08);
  const sunX = Math.round(width * (0.15 + next() * 0.7));
  const sunY = Math.round(horizon * (0.3 + next() * 0.4));
  const sun = `<circle cx="${sunX}" cy="${sunY}" r="${Math.round(radius)}" fill="${hsl(hue + 30, 90, 85)}" opacity="0.9"/>`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="${sky[0]}"/><stop offset="1" stop-color="${sky[1]}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#sky)"/>${sun}${hills.join('')}</svg>`
  );
}

/** Concentric rings on a dark ground: cover art for a music release. */
function coverSvg(side: number): string {
  const rings = Array.from({ length: 9 }, (_, ring) => {
    const r = Math.round(side * (0.45 - ring * 0.045));
    const stroke = hsl(280 + ring * 12, 80, 45 + ring * 4);
    return `<circle cx="${side / 2}" cy="${side / 2}" r="${r}" fill="none" stroke="${stroke}" stroke-width="${Math.round(side / 60)}"/>`;
  });
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}">` +
    `<rect width="100%" height="100%" fill="#0d0b1a"/>${rings.join('')}</svg>`
  );
}

const toJpeg = (svg: string) => sharp(Buffer.from(svg)).jpeg({ quality: 88 }).toBuffer();

/** The `index`th demo photo as a JPEG, about 2–4 megapixels. */
export function drawDemoPhoto(index: number): Promise<Buffer> {
  const [width, height] = FRAMES[index % FRAMES.length] ?? [2400, 1600];
  return toJpeg(sceneSvg(index, width, height));
}

export const drawDemoCover = (side = 1600) => toJpeg(coverSvg(side));

export const drawDemoBanner = () => toJpeg(sceneSvg(4242, 2400, 900));
