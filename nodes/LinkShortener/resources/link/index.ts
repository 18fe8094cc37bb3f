import { resource } from '../resource';
import * as checkDestination from './checkDestination';
import * as create from './create';
import * as exportLinks from './export';
import * as get from './get';
import * as getMany from './getMany';
import * as update from './update';

export const link = resource(
	'link',
	[checkDestination, create, exportLinks, get, getMany, update],
	{
		defaultOperation: 'create',
	},
);
