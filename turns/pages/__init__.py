"""The pages of a kingdom's turns (server-rendered, for players and the GM): the kingdom and
campaign dashboards, the orders page, turn reports, the GM's turn pages. One module per page,
named after its template in templates/pages/; `presentation` holds what several pages share.
turns/urls.py routes to them."""
