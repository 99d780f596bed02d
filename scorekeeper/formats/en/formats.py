"""The site's English is British ("organiser", A4): its dates are too (26/11/2026 and
26 Nov 2026, not Django's American 11/26/2026 and Nov. 26, 2026). The language code stays
"en", so that the switcher, the cookies and every cache key keep working."""

from django.conf.locale.en_GB.formats import *  # noqa: F403
