import type { QrMatrix } from './encode';
import { QUIET_ZONE } from './png';

/**
 * An SVG of the symbol in module units (the viewBox includes the quiet zone): a white square,
 * then one path that strokes each horizontal run of dark modules along its centre line, every
 * move written relative to the last unless the absolute one is shorter. Crisp edges keep it
 * sharp at any size.
 */
export function qrToSvg(matrix: QrMatrix): string {
	const side = matrix.size + 2 * QUIET_ZONE;
	let path = '';
	// The pen: where the last stroke ended (x) and on which centre line (y + 0.5).
	let penX = 0;
	let penRow = -1;
	matrix.modules.forEach((row, y) => {
		for (let x = 0; x < row.length; x++) {
			if (!row[x]) continue;
			const start = x;
			while (x + 1 < row.length && row[x + 1]) x++;
			const runX = start + QUIET_ZONE;
			const runRow = y + QUIET_ZONE;
			const absolute = `M${runX} ${runRow}.5`;
			const relative = `m${runX - penX} ${runRow - penRow}`;
			path += penRow >= 0 && relative.length <= absolute.length ? relative : absolute;
			path += `h${x - start + 1}`;
			penX = x + 1 + QUIET_ZONE;
			penRow = runRow;
		}
	});
	return (
		`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${side} ${side}" shape-rendering="crispEdges">` +
		`<path fill="#fff" d="M0 0h${side}v${side}H0z"/><path stroke="#000" d="${path}"/></svg>`
	);
}
