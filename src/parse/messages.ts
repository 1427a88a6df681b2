// Names the pasted-text parsers give to what they recognise, where the name is gpuenv's own words (a family of
// distributions known only from the package tool the person ran).
import { defineMessages } from '../i18n/index.js';

export const msg = defineMessages({
  en: {
    'os.aptFamily': 'Debian or Ubuntu (apt)',
    'os.dnfFamily': 'Fedora or RHEL (dnf)',
  },
  'zh-CN': {
    'os.aptFamily': 'Debian 或 Ubuntu（apt）',
    'os.dnfFamily': 'Fedora 或 RHEL（dnf）',
  },
});
