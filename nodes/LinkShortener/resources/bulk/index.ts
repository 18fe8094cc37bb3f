import { resource } from '../resource';
import * as createMany from './createMany';
import { mappingModeField, rowsField } from './mappingMode';
import * as syncMany from './syncMany';
import * as updateMany from './updateMany';

export const bulk = resource('bulk', [createMany, syncMany, updateMany], {
	defaultOperation: 'createMany',
	sharedFields: [mappingModeField, rowsField],
});
