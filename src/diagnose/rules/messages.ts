// The one catalogue of src/diagnose/rules/ (en, zh-CN): each file of messages/ is a section, a typed table, and a key is
// `<section>.<key>`, e.g. msg('busy.evProcess'). A sentence goes into the section of its family; zh-CN is required by the type.
import { defineCatalogue } from '../../i18n/index.js';
import { busy } from './messages/busy.js';
import { container } from './messages/container.js';
import { devices } from './messages/devices.js';
import { driver } from './messages/driver.js';
import { explain } from './messages/explain.js';
import { fixes } from './messages/fixes.js';
import { framework } from './messages/framework.js';
import { health } from './messages/health.js';
import { libraries } from './messages/libraries.js';
import { readings } from './messages/readings.js';
import { runtime } from './messages/runtime.js';
import { settings } from './messages/settings.js';
import { system } from './messages/system.js';
import { toolkits } from './messages/toolkits.js';

export const msg = defineCatalogue({
  busy,
  container,
  devices,
  driver,
  explain,
  fixes,
  framework,
  health,
  libraries,
  readings,
  runtime,
  settings,
  system,
  toolkits,
});
