import { resource } from '../resource';
import { clickRequestFields } from './clickRequest';
import * as exportClicks from './exportClicks';
import * as getClicks from './getClicks';

export const analytics = resource('analytics', [exportClicks, getClicks], {
	defaultOperation: 'getClicks',
	sharedFields: clickRequestFields,
});
