"""The sign-up and sign-in forms, with labels, help texts and errors of our own: Django's
own are in another register (Spanish "usted", Romanian "Introduceți") and typography
(French curly apostrophes) than the rest of the site, which says "tu" / "tú" / "tu" /
"vous"."""

from django.contrib.auth.forms import AuthenticationForm, UserCreationForm
from django.utils.translation import gettext_lazy as _

USER_NAME = _("User name")


class SignInForm(AuthenticationForm):
    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": _(
            "This user name and password do not match any account. Check both: capital "
            "letters count."
        ),
    }

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].label = USER_NAME


class SignupForm(UserCreationForm):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["username"].label = USER_NAME
        self.fields["username"].help_text = _(
            "Up to 150 characters: letters, digits and @ . + - _ only."
        )
        self.fields["password1"].help_text = _(
            "At least 8 characters, not only digits, not a common password and not too close "
            "to your user name."
        )
        self.fields["password2"].help_text = _("Type the same password again to confirm it.")
