import { checkQuietZone } from './renderOptions';
import type { QrMatrix } from './types';

export interface QrSvgOptions {
	/** Light modules around the symbol on each side; the standard asks for 4. */
	quietZone?: number;
}

/**
 * An SVG of the symbol: a white background and one path of dark modules, in module units
 * (the viewBox includes the quiet zone), with crisp edges so that scaling stays sharp.
 */
export function qrToSvg(matrix: QrMatrix, options: QrSvgOptions = {}): string {
	const quietZone = checkQuietZone(options.quietZone);
	const side = matrix.size + 2 * quietZone;
	const commands: string[] = [];
	matrix.modules.forEach((row, y) => {
		let x = 0;
		while (x < row.length) {
			if (!row[x]) {
				x++;
				continue;
			}
			const start = x;
			while (x < row.length && row[x]) x++;
			// One rectangle per horizontal run of dark modules keeps the path short.
			commands.push(`M${start + quietZone} ${y + quietZone}h${x - start}v1h-${x - start}z`);
		}
	});
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" width="${side * 8}" height="${side * 8}" shape-rendering="crispEdges">` +
		`<rect width="${side}" height="${side}" fill="#ffffff"/>` +
		`<path fill="#000000" d="${commands.join('')}"/>` +
		`</svg>`
	);
}
