/** At most `limit` holders at once; the others wait in turn. */
export class Slots {
	private held = 0;
	private readonly waiting: Array<() => void> = [];

	constructor(private readonly limit: number) {}

	/** Waits for a slot; the function it answers gives the slot back. */
	async take(): Promise<() => void> {
		if (this.held >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
		else this.held++;
		let given = false;
		return () => {
			if (given) return;
			given = true;
			const next = this.waiting.shift();
			if (next) next();
			else this.held--;
		};
	}
}
