import type { IDataObject } from 'n8n-workflow';

import { TRIGGER_TYPE, useLinkShortener } from '../helpers/fixture';

const LIST = '/v1/links/list';

/** Faults 1, 3 and 4 of the messy-server issue, for the trigger's own reads (through the pager). */
describe('Link Shortener Trigger against a server that pages wrongly', () => {
	const fx = useLinkShortener({ pageSizeCap: 10 });
	const poll = async (staticData?: IDataObject) =>
		await fx.engine.poll({
			type: TRIGGER_TYPE,
			parameters: { event: 'newLink' },
			credentials: fx.credentials,
			staticData,
		});

	it('ends a poll with an error after a few requests when the server ignores page and sends no total', async () => {
		const activation = await poll();
		fx.sandbox.addLinks(60);
		fx.sandbox.clearRequests();
		fx.sandbox.injectFault({
			path: LIST,
			times: 500,
			fault: { kind: 'paging', ignorePage: true, omitTotal: true },
		});

		await expect(poll(activation.staticData)).rejects.toThrow(
			/repeats only records of earlier pages/,
		);
		expect(fx.requestsTo(LIST).length).toBeLessThanOrEqual(3);
	});

	it('fails the activation on a 200 that is an HTML page, described by its type and title', async () => {
		fx.sandbox.injectFault({ path: LIST, times: 500, fault: { kind: 'html', bytes: 20_000 } });

		const activation = poll();

		await expect(activation).rejects.toThrow(
			/^Page 1 of POST \/v1\/links\/list is not a page of the list the API gives \(text\/html "Welcome"\)$/,
		);
		expect(fx.requestsTo(LIST)).toHaveLength(1);
	});

	it('does not follow a redirect to another origin', async () => {
		const other = await fx.sandbox.startOtherOrigin();
		fx.sandbox.injectFault({
			path: LIST,
			times: 500,
			fault: { kind: 'redirect', status: 307, origin: other.origin },
		});

		await expect(poll()).rejects.toThrow(new URL(other.origin).host);
		expect(other.requests).toHaveLength(0);
	});
});
