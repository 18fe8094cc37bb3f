/* eslint-disable @n8n/community-nodes/no-restricted-globals -- development tooling, not loaded by n8n */
/** The command line of npm run bench. */
export const SECTIONS = [
	'bulk',
	'network',
	'memory',
	'qr',
	'trigger',
	'sync',
	'clicks',
	'n8n',
	'destinations',
	'scale',
] as const;
export type Section = (typeof SECTIONS)[number];

export const USAGE = `npm run bench [-- --only=network,memory,qr,trigger,sync,clicks,n8n,destinations,scale] [--quick] [--sizes=10000,50000] [--links=1000000] [--parts=export,sync,clicks,monitor,analytics] [--export-links=10000,1000000] [--latencies=50,0] [--profile] [--repeats=3]
  --only     sections to run (${SECTIONS.join(', ')}); all by default
  --quick    fewer and smaller jobs, one measured run each: a check that the bench works, not figures to quote
  --sizes    bulk section: rows per bulk job
  --links    clicks section, and the scale section's clicks, monitor and analytics: links in the account (100,000 and 1,000,000 by default)
  --parts    scale section: export, sync, clicks, monitor, analytics (all by default)
  --export-links  scale section's export: the account sizes (10,000 and 1,000,000 by default)
  --latencies  scale section's export: ms a request (50 for every size, and 0 for the largest, by default)
  --profile  scale section's export: also a CPU profile of each size at 0 ms, split by where the time goes
  --repeats  measured runs per job (default: 3 for short jobs, 1 for the longest)`;

export function argument(name: string): string | undefined {
	return process.argv.find((arg) => arg.startsWith(`--${name}=`))?.slice(name.length + 3);
}

export const quick = process.argv.includes('--quick');

export function sections(): Section[] {
	const only = argument('only');
	if (!only) return [...SECTIONS];
	const chosen = only.split(',').map((name) => name.trim());
	const unknown = chosen.filter((name) => !(SECTIONS as readonly string[]).includes(name));
	if (unknown.length)
		throw new Error(`Unknown section ${unknown.join(', ')}: choose from ${SECTIONS.join(', ')}`);
	return chosen as Section[];
}

/** Measured runs per job: forced by --repeats, else one in --quick, else the section's choice. */
export function repeats(byDefault: number): number {
	const forced = argument('repeats');
	if (forced) return Number(forced);
	return quick ? 1 : byDefault;
}
