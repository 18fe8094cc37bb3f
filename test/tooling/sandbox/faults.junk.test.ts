import { call, ownCount, sandbox, useSandbox } from './client';

useSandbox();

const twoLinks = [
	{ longUrl: 'https://example.com/junk/1', title: 'Junk 1' },
	{ longUrl: 'https://example.com/junk/2', title: 'Junk 2' },
];

describe('junk 200 answers', () => {
	it('html: a text/html page with 200, nothing applied', async () => {
		sandbox.injectFault({ method: 'POST', path: '/v1/links/bulk', fault: { kind: 'html' } });
		const before = ownCount();
		const answer = await call('POST', '/v1/links/bulk', twoLinks);
		expect(answer.status).toBe(200);
		expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
		expect(answer.text).toMatch(/^<!DOCTYPE html>.*<\/html>$/s);
		expect(ownCount()).toBe(before);
		expect(sandbox.requests[0]).toMatchObject({ status: 200, fault: 'html' });
	});

	it('html: any status, padded to a size, echoing the API key like a debug page', async () => {
		sandbox.injectFault({
			path: '/v1/links/list',
			fault: { kind: 'html', status: 502, bytes: 20_000, echoApiKey: true },
		});
		const answer = await call('POST', '/v1/links/list', {});
		expect(answer.status).toBe(502);
		expect(answer.text.length).toBeGreaterThanOrEqual(20_000);
		expect(answer.text).toContain(`X-API-Key: ${sandbox.apiKey}`);
	});

	it('empty: a 200 with an empty body labelled as JSON', async () => {
		sandbox.injectFault({ path: '/v1/links/list', fault: { kind: 'empty' } });
		const answer = await call('POST', '/v1/links/list', {});
		expect(answer.status).toBe(200);
		expect(answer.text).toBe('');
		expect(answer.headers.get('content-type')).toMatch(/^application\/json/);
	});

	it('errorShaped: a 200 whose JSON says success false, or the body given', async () => {
		sandbox.injectFault({ method: 'PATCH', fault: { kind: 'errorShaped' } });
		sandbox.injectFault({
			method: 'PATCH',
			fault: { kind: 'errorShaped', body: { error: 'internal', data: null } },
		});
		const patch = [{ id: sandbox.addLinks(1)[0].id, title: 'Never applied' }];
		const first = await call('PATCH', '/public/links/bulk', patch);
		expect(first).toMatchObject({
			status: 200,
			body: { success: false, message: 'Something went wrong' },
		});
		const second = await call('PATCH', '/public/links/bulk', patch);
		expect(second).toMatchObject({ status: 200, body: { error: 'internal', data: null } });
		expect(sandbox.links.get(patch[0].id)?.title).not.toBe('Never applied');
	});

	it.each(['html', 'empty', 'errorShaped'] as const)(
		'%s with afterApply: the links exist, the answer is junk',
		async (kind) => {
			sandbox.injectFault({ path: '/v1/links/bulk', fault: { kind, afterApply: true } });
			const before = ownCount();
			const answer = await call('POST', '/v1/links/bulk', twoLinks);
			expect(answer.status).toBe(200);
			expect(answer.body?.data).toBeUndefined();
			expect(ownCount()).toBe(before + 2);
		},
	);

	it('junkAfterApply: applies the bulk update, then answers the junk body given', async () => {
		const [link] = sandbox.addLinks(1);
		sandbox.injectFault({ method: 'PATCH', fault: { kind: 'junkAfterApply', body: 'html' } });
		sandbox.injectFault({
			method: 'PATCH',
			fault: {
				kind: 'junkAfterApply',
				body: { value: 'OK', contentType: 'text/plain' },
				status: 202,
			},
		});
		const html = await call('PATCH', '/public/links/bulk', [
			{ id: link.id, title: 'Applied once' },
		]);
		expect(html.headers.get('content-type')).toMatch(/^text\/html/);
		expect(sandbox.links.get(link.id)?.title).toBe('Applied once');
		const text = await call('PATCH', '/public/links/bulk', [
			{ id: link.id, title: 'Applied twice' },
		]);
		expect(text).toMatchObject({ status: 202, text: 'OK' });
		expect(sandbox.links.get(link.id)?.title).toBe('Applied twice');
		expect(sandbox.requests.map((request) => request.fault)).toEqual([
			'junkAfterApply',
			'junkAfterApply',
		]);
	});

	it('refuses a junkAfterApply without a usable body', () => {
		expect(() =>
			sandbox.injectFault({ fault: { kind: 'junkAfterApply', body: 'xml' as never } }),
		).toThrow(/junkAfterApply/);
	});
});
