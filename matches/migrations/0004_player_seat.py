# The register of players and a row per seat of a match; 0005 fills them from the
# matches' JSON, 0006 drops the JSON.

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0003_match_revision'),
    ]

    operations = [
        migrations.CreateModel(
            name='Player',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('name', models.CharField(max_length=40, verbose_name='name')),
                ('name_key', models.CharField(editable=False, max_length=120)),
                ('email', models.EmailField(blank=True, max_length=254, verbose_name='e-mail')),
                ('member_no', models.CharField(blank=True, max_length=32, verbose_name='membership number')),
                ('active', models.BooleanField(default=True, verbose_name='active')),
                ('casual', models.BooleanField(default=False, verbose_name='casual')),
                ('created_at', models.DateTimeField(auto_now_add=True)),
            ],
            options={
                'verbose_name': 'player',
                'verbose_name_plural': 'players',
                'ordering': ['name_key', 'pk'],
                'constraints': [models.UniqueConstraint(fields=('name_key',), name='one_player_per_name'), models.UniqueConstraint(condition=models.Q(('member_no', ''), _negated=True), fields=('member_no',), name='one_player_per_member_no'), models.CheckConstraint(condition=models.Q(('name_key', ''), _negated=True), name='player_has_a_name')],
            },
        ),
        migrations.CreateModel(
            name='Seat',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('number', models.PositiveSmallIntegerField(verbose_name='seat')),
                ('name', models.CharField(max_length=40, verbose_name='name')),
                ('total', models.IntegerField(default=0, verbose_name='total')),
                ('place', models.PositiveSmallIntegerField(default=1, verbose_name='place')),
                ('won', models.BooleanField(default=False, verbose_name='won')),
                ('match', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='seats', to='matches.match')),
                ('player', models.ForeignKey(on_delete=django.db.models.deletion.PROTECT, related_name='seats', to='matches.player', verbose_name='player')),
            ],
            options={
                'verbose_name': 'seat',
                'verbose_name_plural': 'seats',
                'ordering': ['match', 'number'],
                'constraints': [models.UniqueConstraint(fields=('match', 'number'), name='one_seat_per_number'), models.UniqueConstraint(fields=('match', 'player'), name='one_seat_per_player')],
            },
        ),
    ]
