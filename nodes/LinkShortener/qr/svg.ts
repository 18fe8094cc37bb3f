import { checkQuietZone } from './renderOptions';
import type { QrMatrix } from './types';

export interface QrSvgOptions {
	/** Light modules around the symbol on each side; the standard asks for 4. */
	quietZone?: number;
}

/**
 * An SVG of the symbol in module units (the viewBox includes the quiet zone): a white square,
 * then one path that strokes each horizontal run of dark modules along its centre line, every
 * move written relative to the last unless the absolute one is shorter. Crisp edges keep it
 * sharp at any size.
 */
export function qrToSvg(matrix: QrMatrix, options: QrSvgOptions = {}): string {
	const quietZone = checkQuietZone(options.quietZone);
	const side = matrix.size + 2 * quietZone;
	let path = '';
	// The pen: where the last stroke ended (x) and on which centre line (y + 0.5).
	let penX = 0;
	let penRow = -1;
	matrix.modules.forEach((row, y) => {
		for (let x = 0; x < row.length; x++) {
			if (!row[x]) continue;
			const start = x;
			while (x + 1 < row.length && row[x + 1]) x++;
			const runX = start + quietZone;
			const runRow = y + quietZone;
			if (penRow < 0) path += `M${runX} ${runRow}.5`;
			else {
				const relative = `m${runX - penX} ${runRow - penRow}`;
				const absolute = `M${runX} ${runRow}.5`;
				path += relative.length <= absolute.length ? relative : absolute;
			}
			path += `h${x - start + 1}`;
			penX = x + 1 + quietZone;
			penRow = runRow;
		}
	});
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
		`<path fill="#fff" d="M0 0h${side}v${side}H0z"/><path stroke="#000" d="${path}"/></svg>`
	);
}
