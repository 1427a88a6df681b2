// The one catalogue of src/install/ (en, zh-CN): each file of messages/ is a section, a typed table, and a key is
// `<section>.<key>`, e.g. msg('check.indexUnknown'). A sentence goes into the section of its family; zh-CN is required by the type.
import { defineCatalogue } from '../i18n/index.js';
import { check } from './messages/check.js';
import { install } from './messages/install.js';

export const msg = defineCatalogue({ check, install });
