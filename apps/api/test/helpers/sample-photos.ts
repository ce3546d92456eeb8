import sharp from 'sharp';

/**
 * A real JPEG photo made for the test: a gradient with a disc (colours chosen by the caller, so
 * that two photos differ), carrying the camera's make and a GPS position in its EXIF data, as a
 * phone's photo does.
 */
export async function makePhoto({
  width = 1200,
  height = 800,
  colors = ['#1d3557', '#e63946'],
  format = 'jpeg',
}: {
  width?: number;
  height?: number;
  colors?: [string, string];
  format?: 'jpeg' | 'png' | 'webp';
} = {}): Promise<Buffer> {
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<defs><linearGradient id="g"><stop offset="0" stop-color="${colors[0]}"/>` +
    `<stop offset="1" stop-color="${colors[1]}"/></linearGradient></defs>` +
    `<rect width="100%" height="100%" fill="url(#g)"/>` +
    `<circle cx="${width / 2}" cy="${height / 2}" r="${height / 4}" fill="#f1faee"/></svg>`;
  return sharp(Buffer.from(svg))
    [format]()
    .withExif({
      IFD0: { Make: 'Vroum Test Camera' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '48/1 51/1 24/1' },
    })
    .toBuffer();
}
