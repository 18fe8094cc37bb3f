/**
 * Reads the SVG the way a renderer would, for the subset qrToSvg writes: the viewBox, a white
 * square "M0 0hSvSH0z", and one stroked path of horizontal runs along module centre lines,
 * "M x y.5" or "m dx dy" moves each followed by "h w", filled into a grid of cells.
 */
export function rasteriseSvg(svg: string): { side: number; cells: boolean[][] } {
	const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
	if (!viewBox || viewBox[1] !== viewBox[2]) throw new Error('SVG without a square viewBox at 0 0');
	const side = Number(viewBox[1]);
	const background = /<path fill="#fff" d="M0 0h(\d+)v(\d+)H0z"\/>/.exec(svg);
	if (!background || Number(background[1]) !== side || Number(background[2]) !== side) {
		throw new Error('SVG without a white background over the whole viewBox');
	}
	const strokes = [...svg.matchAll(/<path stroke="#000" d="([^"]*)"\/>/g)];
	if (strokes.length !== 1)
		throw new Error(`SVG with ${strokes.length} stroked paths instead of 1`);
	const cells = Array.from({ length: side }, () => new Array<boolean>(side).fill(false));
	const data = strokes[0][1];
	const command = /(?:M(\d+) (\d+)\.5|m(-?\d+) (-?\d+))h(\d+)/g;
	let consumed = 0;
	let x = 0;
	let y = 0;
	for (const match of data.matchAll(command)) {
		if (match.index !== consumed) {
			throw new Error(
				`Unexpected path data at ${consumed}: ${data.slice(consumed, consumed + 20)}`,
			);
		}
		consumed += match[0].length;
		if (match[1] !== undefined) [x, y] = [Number(match[1]), Number(match[2])];
		else [x, y] = [x + Number(match[3]), y + Number(match[4])];
		const width = Number(match[5]);
		for (let column = x; column < x + width; column++) {
			if (cells[y][column]) throw new Error(`Module ${column},${y} drawn twice`);
			cells[y][column] = true;
		}
		x += width;
	}
	if (consumed !== data.length)
		throw new Error(`Unparsed path data: ${data.slice(consumed, consumed + 20)}`);
	return { side, cells };
}
