"""A password validator Django lacks: a password must hold something besides spaces."""

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _


class NotBlankValidator:
    def validate(self, password: str, user=None) -> None:
        if not password.strip():
            raise ValidationError(
                _("A password cannot be made of spaces only."), code="password_blank"
            )

    def get_help_text(self) -> str:
        return _("Your password cannot be made of spaces only.")
