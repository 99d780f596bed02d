"""The club rating (issue 37): when each match finished (``Match.finished_at``), each
player's rating per game (``Rating``) and its course (``RatingPoint``), filled here for
the matches already played.

A finished match's finishing time is taken as its last hand's (or, with none, when the
match was last written). The ratings are computed here as ``services.ratings`` computes
them, written out rather than imported so that this migration keeps doing what it did
when the app changes: every finished, unarchived match with a hand, at a tournament's
table or with only registered players, in the order the matches finished, its seats
ranked by their places, Sieben's partners (seats 0 & 2, 1 & 3) one team, rated with
openskill's Plackett-Luce model and its defaults.
"""

import django.db.models.deletion
from django.db import migrations, models
from django.db.models import Exists, Max, OuterRef


def fill(apps, schema_editor):
    from openskill.models import PlackettLuce

    Match = apps.get_model("matches", "Match")
    Hand = apps.get_model("matches", "Hand")
    Seat = apps.get_model("matches", "Seat")
    Rating = apps.get_model("matches", "Rating")
    RatingGame = apps.get_model("matches", "RatingGame")
    RatingPoint = apps.get_model("matches", "RatingPoint")
    finished = Match.objects.filter(finished=True).annotate(last=Max("hands__created_at"))
    for match in finished.iterator(chunk_size=500):
        Match.objects.filter(pk=match.pk).update(finished_at=match.last or match.updated_at)
    casual = Seat.objects.filter(match=OuterRef("pk"), player__casual=True)
    rated = (
        Match.objects.filter(finished=True, archived=False)
        .filter(Exists(Hand.objects.filter(match=OuterRef("pk"))))
        .exclude(models.Q(tournament__isnull=True) & Exists(casual))
        .order_by("finished_at", "pk")
    )
    model = PlackettLuce()
    standing, points = {}, []
    for match in rated.iterator(chunk_size=500):
        seats = list(Seat.objects.filter(match=match).order_by("number"))
        partners = match.game == "sieben" and match.variant == "partners"
        teams = {}
        for seat in seats:
            teams.setdefault(seat.number % 2 if partners else seat.number, []).append(seat)
        teams = list(teams.values())
        if len(teams) < 2:
            continue
        ranks = [min(seat.place for seat in team) for team in teams]
        before = {
            seat.player_id: standing.get((match.game, seat.player_id), (model.mu, model.sigma, 0))
            for seat in seats
        }
        after = model.rate(
            [[model.rating(mu=before[s.player_id][0], sigma=before[s.player_id][1]) for s in team]
             for team in teams],
            ranks=ranks,
        )
        for team, rank, rated_team in zip(teams, ranks, after):
            for seat, rating in zip(team, rated_team):
                number = before[seat.player_id][2] + 1
                standing[(match.game, seat.player_id)] = (
                    rating.mu, rating.sigma, number, match.finished_at
                )
                points.append(RatingPoint(
                    match_id=match.pk, player_id=seat.player_id, game=match.game,
                    finished_at=match.finished_at, rank=rank, mu=rating.mu,
                    sigma=rating.sigma, number=number,
                ))
    RatingPoint.objects.bulk_create(points, batch_size=500)
    Rating.objects.bulk_create(
        [
            Rating(player_id=player, game=game, mu=mu, sigma=sigma, ordinal=mu - 3 * sigma,
                   matches=number, last_played=at)
            for (game, player), (mu, sigma, number, at) in standing.items()
        ],
        batch_size=500,
    )
    RatingGame.objects.bulk_create([RatingGame(game=game) for game in {g for g, _ in standing}])


from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0018_player_name_sort_and_search'),
    ]

    operations = [
        migrations.CreateModel(
            name='RatingGame',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=32, unique=True)),
            ],
        ),
        migrations.AddField(
            model_name='match',
            name='finished_at',
            field=models.DateTimeField(blank=True, null=True),
        ),
        migrations.CreateModel(
            name='Rating',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=32, verbose_name='game')),
                ('mu', models.FloatField()),
                ('sigma', models.FloatField()),
                ('ordinal', models.FloatField()),
                ('matches', models.PositiveIntegerField(default=0)),
                ('last_played', models.DateTimeField()),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='ratings', to='matches.player')),
            ],
            options={
                'verbose_name': 'rating',
                'verbose_name_plural': 'ratings',
                'indexes': [models.Index(fields=['game', '-ordinal'], name='rating_list')],
                'constraints': [models.UniqueConstraint(fields=('player', 'game'), name='one_rating_per_game')],
            },
        ),
        migrations.CreateModel(
            name='RatingPoint',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('game', models.CharField(max_length=32)),
                ('finished_at', models.DateTimeField()),
                ('rank', models.PositiveSmallIntegerField()),
                ('mu', models.FloatField()),
                ('sigma', models.FloatField()),
                ('number', models.PositiveIntegerField()),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_points', to='matches.match')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='rating_points', to='matches.player')),
            ],
            options={
                'indexes': [models.Index(fields=['game', 'finished_at', 'match'], name='rating_events'), models.Index(fields=['player', 'game', 'finished_at'], name='rating_course')],
                'constraints': [models.UniqueConstraint(fields=('match', 'player'), name='one_point_per_seat')],
            },
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
