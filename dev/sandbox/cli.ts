/* eslint-disable @n8n/community-nodes/no-restricted-globals, no-console -- development tooling, not loaded by n8n */
/**
 * Runs the Link Shortening API sandbox for people and for tests in another process:
 *   ts-node --transpile-only dev/sandbox/cli.ts [--port N] [--seed-links N] [--api-key KEY] [--latency-ms N] [--page-size-cap N]
 * The port also comes from SANDBOX_PORT; default 5680.
 */
import { Sandbox } from './server';

function readOption(args: string[], name: string): string | undefined {
	const index = args.indexOf(name);
	if (index >= 0) return args[index + 1];
	const inline = args.find((arg) => arg.startsWith(`${name}=`));
	return inline?.slice(name.length + 1);
}

function readCount(value: string | undefined, name: string, fallback: number): number {
	if (value === undefined) return fallback;
	const number = Number(value);
	if (!Number.isInteger(number) || number < 0)
		throw new Error(`${name} must be a non-negative integer, got "${value}"`);
	return number;
}

async function main(): Promise<void> {
	const args = process.argv.slice(2);
	if (args.includes('--help') || args.includes('-h')) {
		console.log(
			'Usage: ts-node --transpile-only dev/sandbox/cli.ts [--port N] [--seed-links N] [--api-key KEY] [--latency-ms N] [--page-size-cap N]',
		);
		return;
	}
	const port = readCount(readOption(args, '--port') ?? process.env.SANDBOX_PORT, 'port', 5680);
	const seedLinks = readCount(readOption(args, '--seed-links'), 'seed-links', 0);
	const apiKey = readOption(args, '--api-key');
	const latencyMs = readCount(readOption(args, '--latency-ms'), 'latency-ms', 0);
	const pageSizeCap = readOption(args, '--page-size-cap');

	const sandbox = await Sandbox.start({
		port,
		seedLinks,
		latencyMs,
		...(apiKey ? { apiKey } : {}),
		...(pageSizeCap === undefined
			? {}
			: { pageSizeCap: readCount(pageSizeCap, 'page-size-cap', 0) }),
	});
	console.log(`Base URL: ${sandbox.baseUrl}`);
	console.log(`API key: ${sandbox.apiKey}`);
	if (latencyMs > 0) console.log(`Latency: ${latencyMs} ms per request`);
	console.log(
		`Control: GET|DELETE ${sandbox.controlUrl}/requests, POST ${sandbox.controlUrl}/{faults,reset,rate-limit,latency,page-size-cap,links,domains}, GET ${sandbox.controlUrl}/stats (see dev/sandbox/README.md)`,
	);

	let stopping = false;
	const stop = (signal: string) => {
		if (stopping) return;
		stopping = true;
		console.log(`${signal}: stopping the sandbox`);
		sandbox.stop().then(
			() => process.exit(0),
			(error: unknown) => {
				console.error(error);
				process.exit(1);
			},
		);
	};
	process.on('SIGINT', () => stop('SIGINT'));
	process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
	console.error(error instanceof Error ? error.message : error);
	process.exit(1);
});
