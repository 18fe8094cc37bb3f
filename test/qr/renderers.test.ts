import { PNG } from 'pngjs';

import { encodeQr, type QrMatrix } from '../../nodes/LinkShortener/qr/encode';
import { qrToPng } from '../../nodes/LinkShortener/qr/png';
import { qrToSvg } from '../../nodes/LinkShortener/qr/svg';
import { urlOfLength } from '../../dev/qr/cases';
import { decodeCells, decodePng } from './decoders';
import { rasteriseSvg } from './svgRaster';

/** The matrix surrounded by `quietZone` light modules on each side. */
function withQuietZone(matrix: QrMatrix, quietZone: number): boolean[][] {
	const side = matrix.size + 2 * quietZone;
	return Array.from({ length: side }, (_, y) =>
		Array.from({ length: side }, (_, x) => matrix.modules[y - quietZone]?.[x - quietZone] === true),
	);
}

describe('qrToSvg', () => {
	it.each([
		['L', 20],
		['M', 100],
		['Q', 140],
		['H', 119],
	] as const)(
		'level %s, %i characters: viewBox with the quiet zone, modules equal the matrix, decodes',
		(level, length) => {
			const text = urlOfLength(length);
			const matrix = encodeQr(text, level);
			const svg = qrToSvg(matrix);

			expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" /);
			expect(svg).toContain('shape-rendering="crispEdges"');
			expect(svg).toContain(`viewBox="0 0 ${matrix.size + 8} ${matrix.size + 8}"`);
			const { side, cells } = rasteriseSvg(svg);
			expect(side).toBe(matrix.size + 8);
			expect(cells).toEqual(withQuietZone(matrix, 4));
			expect(decodeCells(cells, 4).text).toBe(text);
		},
	);
});

describe('qrToPng', () => {
	const matrix = encodeQr('https://sho.rt/abc123', 'M');

	it('writes a 1-bit grayscale PNG whose pixels are the modules at the scale, inside a white quiet zone', () => {
		const png = qrToPng(matrix, 3);
		expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
		expect(png.subarray(12, 16).toString('latin1')).toBe('IHDR');
		expect(png[24]).toBe(1); // bit depth
		expect(png[25]).toBe(0); // grayscale
		expect(png.subarray(-8, -4).toString('latin1')).toBe('IEND');

		const image = PNG.sync.read(png);
		const side = (matrix.size + 8) * 3;
		expect([image.width, image.height]).toEqual([side, side]);
		const expected = withQuietZone(matrix, 4);
		for (let y = 0; y < side; y++) {
			for (let x = 0; x < side; x++) {
				const red = image.data[(y * side + x) * 4];
				if (red !== (expected[Math.floor(y / 3)][Math.floor(x / 3)] ? 0 : 255)) {
					throw new Error(`Pixel ${x},${y} is ${red}`);
				}
			}
		}
	});

	it('writes images whose pixels span more than the 32 KiB deflate window, and they decode', () => {
		const large = encodeQr(urlOfLength(400), 'H');
		const png = qrToPng(large, 12);
		const side = (large.size + 8) * 12;
		expect(side * (1 + Math.ceil(side / 8))).toBeGreaterThan(3 * 65535);
		const decoded = decodePng(png);
		expect(decoded.width).toBe((large.size + 8) * 12);
		expect(decoded.text).toBe(urlOfLength(400));
	});

	it('defaults to 8 pixels per module, with a quiet zone of 4', () => {
		const decoded = decodePng(qrToPng(matrix));
		expect(decoded.width).toBe((matrix.size + 8) * 8);
		expect(decoded.text).toBe('https://sho.rt/abc123');
	});
});
