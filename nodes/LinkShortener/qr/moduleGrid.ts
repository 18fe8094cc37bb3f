/** The symbol under construction: module colours plus which modules belong to function patterns. */
export class ModuleGrid {
	readonly modules: boolean[][];
	readonly isFunction: boolean[][];

	constructor(readonly size: number) {
		this.modules = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
		this.isFunction = Array.from({ length: size }, () => new Array<boolean>(size).fill(false));
	}

	setFunction(row: number, column: number, dark: boolean): void {
		this.modules[row][column] = dark;
		this.isFunction[row][column] = true;
	}

	copy(): ModuleGrid {
		const grid = new ModuleGrid(this.size);
		for (let row = 0; row < this.size; row++) {
			grid.modules[row] = [...this.modules[row]];
			grid.isFunction[row] = [...this.isFunction[row]];
		}
		return grid;
	}
}
