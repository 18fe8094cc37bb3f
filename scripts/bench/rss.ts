/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling, not loaded by n8n */
/** Samples the resident set size while work runs; the peak is what the table reports. */
export class RssSampler {
	private peak = process.memoryUsage().rss;
	private readonly timer: NodeJS.Timeout;

	constructor(intervalMs = 10) {
		this.timer = setInterval(() => this.sample(), intervalMs);
	}

	sample(): void {
		this.peak = Math.max(this.peak, process.memoryUsage().rss);
	}

	stop(): number {
		clearInterval(this.timer);
		this.sample();
		return this.peak;
	}
}
