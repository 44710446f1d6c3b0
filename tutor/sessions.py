"""Django's database sessions, read and changed with one plain statement each.

Every page of a visitor who has a session reads its row, and a page that changes the session
writes it. Through the ORM, building each of those statements cost about 0.45 ms of CPU more
than sending it (docs/speed.md), and the write went in a transaction of its own (BEGIN, UPDATE,
COMMIT: three round trips) that one UPDATE does not need. The table, the rows and their expiry
are Django's; so are the paths that are rare (a new session, its deletion, clearsessions).
"""

from django.contrib.sessions.backends.base import UpdateError
from django.contrib.sessions.backends.db import SessionStore as DatabaseStore
from django.db import connections, router
from django.utils import timezone


class SessionStore(DatabaseStore):
    def _sql(self, connection, statement: str) -> str:
        return statement.format(table=connection.ops.quote_name(self.model._meta.db_table))

    def load(self) -> dict:
        if self.session_key is None:  # no cookie, or not a key this backend would make
            return {}
        connection = connections[router.db_for_read(self.model)]
        now = connection.ops.adapt_datetimefield_value(timezone.now())
        with connection.cursor() as cursor:
            cursor.execute(
                self._sql(
                    connection,
                    "SELECT session_data FROM {table} WHERE session_key = %s AND expire_date > %s",
                ),
                [self.session_key, now],
            )
            row = cursor.fetchone()
        if row is None:
            # Unknown or expired: a new session gets a new key, as with Django's backend.
            self._session_key = None
            return {}
        return self.decode(row[0])

    def save(self, must_create: bool = False) -> None:
        if must_create or self.session_key is None:
            super().save(must_create)
            return
        connection = connections[router.db_for_write(self.model)]
        expires = connection.ops.adapt_datetimefield_value(self.get_expiry_date())
        data = self.encode(self._get_session())
        with connection.cursor() as cursor:
            cursor.execute(
                self._sql(
                    connection,
                    "UPDATE {table} SET session_data = %s, expire_date = %s WHERE session_key = %s",
                ),
                [data, expires, self.session_key],
            )
            if cursor.rowcount != 1:
                # Gone meanwhile (signed out in another tab, expired): SessionMiddleware says so.
                raise UpdateError
