// White label (issue 15): the logo's server-side work — content checks and rasterising a PNG, a JPEG
// and an SVG near the 1 MB limit — the CPU an upload costs one request. No target in the issue; the
// figure says how long a save with a new logo holds a core. Run alone: node --import tsx scripts/bench/branding.ts
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { LOGO_MAX_BYTES } from '#shared/branding.ts';
import { rasteriseLogo, sniffLogo } from '#server/features/branding/logo.ts';

export interface BrandingFigure {
  scenario: string;
  note: string;
}

async function sample(): Promise<{ name: string; bytes: Buffer; type: 'image/png' | 'image/jpeg' | 'image/svg+xml' }[]> {
  // noise does not compress: a PNG and a JPEG close to 1 MB, the worst case the limit allows
  const noise = (width: number, height: number) => {
    const buf = Buffer.alloc(width * height * 3);
    for (let i = 0; i < buf.length; i++) buf[i] = (i * 2654435761) >>> 24;
    return sharp(buf, { raw: { width, height, channels: 3 } });
  };
  const png = await noise(560, 560).png({ compressionLevel: 0 }).toBuffer();
  const jpeg = await noise(1000, 500).jpeg({ quality: 90 }).toBuffer();
  const shapes = Array.from({ length: 4000 }, (_, i) => `<circle cx="${i % 600}" cy="${(i * 7) % 200}" r="${1 + (i % 9)}" fill="#0f766e" opacity="0.4"/>`).join('');
  const svg = Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="200">${shapes}</svg>`);
  return [
    { name: `PNG ${(png.length / 1024).toFixed(0)} KB`, bytes: png.subarray(0, LOGO_MAX_BYTES), type: 'image/png' },
    { name: `JPEG ${(jpeg.length / 1024).toFixed(0)} KB`, bytes: jpeg, type: 'image/jpeg' },
    { name: `SVG ${(svg.length / 1024).toFixed(0)} KB, 4,000 shapes`, bytes: svg, type: 'image/svg+xml' },
  ];
}

export async function brandingScenario(runs = 9): Promise<BrandingFigure[]> {
  const figures: BrandingFigure[] = [];
  for (const file of await sample()) {
    if (file.bytes.length > LOGO_MAX_BYTES) continue;
    const times: number[] = [];
    for (let i = 0; i < runs; i++) {
      const started = performance.now();
      if ((await sniffLogo(file.bytes)) !== file.type) throw new Error(`${file.name}: not recognised`);
      await rasteriseLogo(file.bytes, file.type);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    figures.push({
      scenario: `white label: logo check + rasterise, ${file.name}`,
      note: `median ${times[Math.floor(runs / 2)].toFixed(0)} ms, max ${times.at(-1)!.toFixed(0)} ms over ${runs} runs (in process)`,
    });
  }
  return figures;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  for (const f of await brandingScenario()) console.log(`${f.scenario}: ${f.note}`);
}
