from django.conf import settings
from django.db import models

from tutor.rules.profiles import MAX_CODE_LENGTH


class RuleSet(models.Model):
    """A club's or a player's house rules, saved under a name: the code says it all."""

    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="rule_sets"
    )
    name = models.CharField(max_length=80)
    code = models.CharField(max_length=MAX_CODE_LENGTH)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["owner", "name"], name="rule_set_name_once")]

    def __str__(self):
        return self.name
