import { resource } from '../resource';
import * as createMany from './createMany';
import { mappingModeField } from './mappingMode';
import * as syncMany from './syncMany';
import * as updateMany from './updateMany';

export const bulk = resource('bulk', [createMany, syncMany, updateMany], [mappingModeField]);
