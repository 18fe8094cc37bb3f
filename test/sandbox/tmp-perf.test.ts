import { Sandbox } from './server';
it('perf', async () => {
	const sandbox = await Sandbox.start({ rateLimit: null });
	const body = JSON.stringify(Array.from({ length: 10_000 }, (_, i) => ({ longUrl: `https://example.com/item/${i}`, title: `Item ${i}` })));
	const times: string[] = [];
	for (let run = 0; run < 8; run++) {
		const r = await fetch(`${sandbox.baseUrl}/v1/links/bulk`, { method: 'POST', headers: { 'x-api-key': sandbox.apiKey, 'content-type': 'application/json' }, body });
		await r.text();
		times.push(sandbox.requests[sandbox.requests.length - 1].durationMs!.toFixed(0));
	}
	console.log(times.join(' '));
	await sandbox.stop();
});
