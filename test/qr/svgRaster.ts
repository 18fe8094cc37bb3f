/**
 * Reads the SVG the way a renderer would, for the subset qrToSvg writes: the viewBox, and the
 * path's closed rectangles "M x y h w v 1 h -w z", filled into a grid of cells.
 */
export function rasteriseSvg(svg: string): { side: number; cells: boolean[][] } {
	const viewBox = /viewBox="0 0 (\d+) (\d+)"/.exec(svg);
	if (!viewBox || viewBox[1] !== viewBox[2]) throw new Error('SVG without a square viewBox at 0 0');
	const side = Number(viewBox[1]);
	const paths = [...svg.matchAll(/<path [^>]*d="([^"]*)"/g)];
	if (paths.length !== 1) throw new Error(`SVG with ${paths.length} paths instead of 1`);
	const cells = Array.from({ length: side }, () => new Array<boolean>(side).fill(false));
	const data = paths[0][1];
	const command = /M(\d+) (\d+)h(\d+)v1h-(\d+)z/g;
	let consumed = 0;
	for (const match of data.matchAll(command)) {
		if (match.index !== consumed)
			throw new Error(
				`Unexpected path data at ${consumed}: ${data.slice(consumed, consumed + 20)}`,
			);
		consumed += match[0].length;
		const [x, y, width, back] = match.slice(1).map(Number);
		if (width !== back) throw new Error(`Rectangle at ${x},${y} does not close`);
		for (let column = x; column < x + width; column++) {
			if (cells[y][column]) throw new Error(`Module ${column},${y} drawn twice`);
			cells[y][column] = true;
		}
	}
	if (consumed !== data.length)
		throw new Error(`Unparsed path data: ${data.slice(consumed, consumed + 20)}`);
	return { side, cells };
}
