from django.http import HttpResponse


def ping(request):
    return HttpResponse("ok", content_type="text/plain")


home = first_organiser = account = token_create = token_revoke = match_new = ping
match_detail = hand_record = hand_correct = hand_undo = match_audit = match_shared = ping
