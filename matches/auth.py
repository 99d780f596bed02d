"""Who is logged in: Django's ``ModelBackend``, with the read every logged-in page makes
(the session's user, by id) as one query by its key (``models.play.the_one``).

Sessions made before this backend name Django's own ``ModelBackend``, which therefore
stays in ``AUTHENTICATION_BACKENDS`` after this one (so that nobody is logged out by an
update); logging in stops here, so that a wrong password is hashed once, not once per
backend.
"""

from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.core.exceptions import PermissionDenied

from .models.play import the_one


class Accounts(ModelBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        user = super().authenticate(request, username, password, **kwargs)
        if user is None:
            raise PermissionDenied  # no other backend is asked
        return user

    def get_user(self, user_id):
        user = the_one(get_user_model().objects.filter(pk=user_id))
        return user if user is not None and self.user_can_authenticate(user) else None
