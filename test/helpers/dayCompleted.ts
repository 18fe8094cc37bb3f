import type { IDataObject } from 'n8n-workflow';

import { LiveTrigger } from '../../dev/engine/liveTrigger';
import { byUrl } from '../link/locatorValues';
import type { LinkShortenerFixture } from './fixture';

/**
 * The trigger's Day Completed for the link of `url`, activated, its last completed day set to
 * 2024-03-03 (the seeded clicks run to 2024-03-10), then one poll with the sandbox's log cleared.
 */
export async function dayCompletedPoll(fixture: LinkShortenerFixture, url: string) {
	const live = new LiveTrigger(fixture, {
		parameters: { event: 'dayCompleted', graceMinutes: 0, linkId: byUrl(url) },
	});
	await live.activate();
	const state = live.staticData.clicks as IDataObject;
	Object.assign(live.staticData, { clicks: { ...state, lastDay: '2024-03-03' } });
	fixture.sandbox.clearRequests();
	await live.poll();
	return live;
}
