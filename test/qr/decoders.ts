import jsQR from 'jsqr';
import { PNG } from 'pngjs';

/** What an independent reader sees: the text and the version it read from the symbol. */
export interface Decoded {
	text: string;
	version: number;
}

function decodeRgba(rgba: Uint8Array, width: number, height: number): Decoded {
	const result = jsQR(
		new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.length),
		width,
		height,
		{
			inversionAttempts: 'dontInvert',
		},
	);
	if (!result) throw new Error(`jsQR found no QR code in the ${width}×${height} image`);
	return { text: result.data, version: result.version };
}

/** Reads a PNG with pngjs (which checks the chunk CRCs and inflates with Node's zlib), then jsQR. */
export function decodePng(png: Buffer): Decoded & { width: number; height: number } {
	const image = PNG.sync.read(png);
	return {
		...decodeRgba(image.data, image.width, image.height),
		width: image.width,
		height: image.height,
	};
}

/** A grid of dark cells drawn at `scale` pixels each, as RGBA for jsQR. */
export function decodeCells(cells: boolean[][], scale: number): Decoded {
	const side = cells.length * scale;
	const rgba = new Uint8Array(side * side * 4);
	for (let y = 0; y < side; y++) {
		for (let x = 0; x < side; x++) {
			const value = cells[Math.floor(y / scale)][Math.floor(x / scale)] ? 0 : 255;
			rgba.set([value, value, value, 255], (y * side + x) * 4);
		}
	}
	return decodeRgba(rgba, side, side);
}
