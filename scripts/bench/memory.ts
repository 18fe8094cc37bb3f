/** The memory line: Return All of 100,000 links through n8n's engine, in a child process of its own so that its peak RSS is the node's. */
import { Sandbox } from '../../dev/sandbox/server';
import { quick } from './args';
import { listPage } from './plain';
import { measureInTurns, startWorkers, stopWorkers } from './turns';

const LINKS = 100_000;
const QUICK_LINKS = 20_000;
export const MEMORY_TARGET_MB = 300;

export async function memoryLine(): Promise<string> {
	const links = quick ? QUICK_LINKS : LINKS;
	const sandbox = await Sandbox.start({ rateLimit: null, logBodies: false });
	try {
		const target = { baseUrl: sandbox.baseUrl, apiKey: sandbox.apiKey };
		// Warmed up on the seeded links only, so that the RSS before the run holds no large listing.
		const job = { operation: 'list', runner: 'node', rows: links, ...target } as const;
		const started = await startWorkers([job]);
		let measured;
		try {
			sandbox.addLinks(links - (await listPage(target, 1, 1)).total);
			[measured] = await measureInTurns([job], started, 1, {
				label: `Return All ${links} links (memory)`,
				beforeRun: () => sandbox.clearRequests(),
				server: () => ({ requests: sandbox.requests.length }),
			});
		} finally {
			await stopWorkers(started.workers);
		}
		const { peakRssMb, startRssMb, wallMs, outputItems } = measured.result;
		const met = peakRssMb < MEMORY_TARGET_MB && outputItems === links;
		return (
			`Memory: Link > Get Many, Return All of ${links.toLocaleString('en-US')} links through n8n's engine (page cap ${sandbox.pageSizeCap}, no latency): ` +
			`peak RSS ${Math.round(peakRssMb)} MB (${Math.round(startRssMb)} MB before the run) ${met ? '✅' : '❌'} target < ${MEMORY_TARGET_MB} MB; ` +
			`${outputItems.toLocaleString('en-US')} links out, ${measured.requests} requests, ${(wallMs / 1000).toFixed(2)} s.` +
			`${quick ? ' (--quick: fewer links than the target is about)' : ''}\n` +
			`❌ here: peak RSS of the child process at or above ${MEMORY_TARGET_MB} MB, or not every link output. The RSS includes n8n's own run data, which holds every output item.`
		);
	} finally {
		await sandbox.stop();
	}
}
