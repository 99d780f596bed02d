# The seats replace the match's JSON lists (0005 moved them).

from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('matches', '0005_move_to_seats'),
    ]

    operations = [
        # A default for the way back, where the column comes back before 0005 backwards
        # fills it from the seats.
        migrations.AlterField(
            model_name='match',
            name='players',
            field=models.JSONField(default=list, verbose_name='players'),
        ),
        migrations.RemoveField(
            model_name='match',
            name='players',
        ),
        migrations.RemoveField(
            model_name='match',
            name='totals',
        ),
        migrations.RemoveField(
            model_name='match',
            name='winners',
        ),
    ]
