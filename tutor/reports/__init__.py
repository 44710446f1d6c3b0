"""Problem reports: a "Report a problem" link beside everything the engine says, carrying what
it takes to show it again; the form; the admin where staff reopen a report's position and
export wording reports for translators; ``manage.py reports`` for a catalog pass.

- ``spots.py``: what a page shows beside the link (the position, the rules, the steps), signed
  into the link, read back from a report;
- ``templatetags/reports.py``: ``{% report_link spot %}``, the one component every page places;
- ``views.py`` / ``forms.py`` / ``models.py``: the form and the stored report;
- ``reopen.py``: a report's position and sentences rebuilt in its language, for the admin;
- ``catalog.py``: the open wording reports by catalog entry (CSV and the command);
- ``version.py``: the app's version, read once at start-up.
"""
